import type { Routes } from '@angular/router';
import { Article } from './article';
import { Picker } from './picker';

export const routes: Routes = [
  { path: '', component: Picker, title: 'Choose a file' },
  { path: 'article/:articleId', component: Article, title: 'Article' },
];
