import { Component, CUSTOM_ELEMENTS_SCHEMA, input, signal } from '@angular/core';

@Component({
  selector: 'app-article',
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <h1>Article {{ articleId() }}</h1>
    <label>
      <input type="checkbox" [checked]="shown()" (change)="shown.set(!shown())" />
      Show the download
    </label>
    @if (shown()) {
      <!-- Attribute bindings: Angular writes the attributes; articleId comes from the route. -->
      <cm-material-download [attr.organization-id]="organizationId" [attr.article-id]="articleId()" type="tile">
        <a class="button">Download the tileable image</a>
      </cm-material-download>
    }
  `,
})
export class Article {
  /** From the route (`article/:articleId`), through `withComponentInputBinding()`. */
  readonly articleId = input.required<string>();
  protected readonly organizationId = 'org-1';
  protected readonly shown = signal(true);
}
