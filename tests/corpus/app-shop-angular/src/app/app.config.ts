import { ApplicationConfig, provideExperimentalWebMcpTools, provideZonelessChangeDetection } from "@angular/core";
import { provideHttpClient, withFetch } from "@angular/common/http";
import { provideRouter } from "@angular/router";
import { routes } from "./app.routes";
import { getCartTool, searchProductsTool } from "@app/webmcp/catalog-tools";

export const appConfig: ApplicationConfig = {
  providers: [
    provideZonelessChangeDetection(),
    provideRouter(routes),
    provideHttpClient(withFetch()),
    provideExperimentalWebMcpTools([searchProductsTool, getCartTool]),
  ],
};
