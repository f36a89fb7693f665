import { install } from './index';

install();
