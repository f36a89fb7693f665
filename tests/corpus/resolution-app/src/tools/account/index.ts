export { ACCOUNT_TOOLS } from "./tools";
