export const STORE_NAME = "Harbor Goods";
export const SUPPORT_HOURS = "Mon–Fri 9:00–17:00 CET";
export const RETURN_WINDOW_DAYS = 30;
