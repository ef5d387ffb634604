import { Component } from '@angular/core';
import { RouterLink, RouterOutlet } from '@angular/router';

@Component({
  selector: 'app-root',
  imports: [RouterLink, RouterOutlet],
  template: `
    <nav>
      <a routerLink="/">Choose a file</a>
      <a routerLink="/article/A-101">Slate Grey’s tileable image</a>
    </nav>
    <main>
      <router-outlet />
    </main>
  `,
})
export class App {}
