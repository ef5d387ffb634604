// Defines <cm-material-download> as the module is evaluated, before the app renders one. The lite
// build is the element without React, self-contained: no React in this app's bundle.
import 'cm-material-download/cm-material-download.lite.js';
import { bootstrapApplication } from '@angular/platform-browser';
import { App } from './app/app';
import { appConfig } from './app/app.config';

bootstrapApplication(App, appConfig).catch((error: unknown) => console.error(error));
