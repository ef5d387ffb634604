import {
  provideBrowserGlobalErrorListeners,
  provideZonelessChangeDetection,
  type ApplicationConfig,
} from '@angular/core';
import { provideRouter, withComponentInputBinding } from '@angular/router';
import { routes } from './app.routes';

export const appConfig: ApplicationConfig = {
  providers: [
    provideBrowserGlobalErrorListeners(),
    // Signals drive every update: no zone.js. The element needs nothing from a zone either.
    provideZonelessChangeDetection(),
    // Route parameters arrive as the routed component's inputs (`articleId` in article.ts).
    provideRouter(routes, withComponentInputBinding()),
  ],
};
