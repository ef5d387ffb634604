import { Component, computed, CUSTOM_ELEMENTS_SCHEMA, signal } from '@angular/core';
import type { DimensionsKey, DownloadType, LinkChangeDetail, LinkChangeEvent } from 'cm-material-download';

interface Choice {
  label: string;
  articleId: string;
  type: DownloadType;
  dimensions: DimensionsKey;
}

// Only thumbnails take a size; `none` tells the element there is none.
const CHOICES: readonly Choice[] = [
  { label: 'Oak Veneer, 10×10 cm swatch', articleId: 'A-100', type: 'thumbnail', dimensions: '10x10cm' },
  { label: 'Slate Grey, PBR package', articleId: 'A-101', type: 'pbr', dimensions: 'none' },
  { label: 'Linen Weave, tileable image', articleId: 'A-103', type: 'tile', dimensions: 'none' },
];

@Component({
  selector: 'app-picker',
  // Angular's compiler knows no <cm-material-download>: without this it fails with NG8001.
  schemas: [CUSTOM_ELEMENTS_SCHEMA],
  template: `
    <h1>Download a material</h1>
    <label>
      File
      <select #picker (change)="choose(+picker.value)">
        @for (choice of choices; track choice.articleId) {
          <option [value]="$index">{{ choice.label }}</option>
        }
      </select>
    </label>
    <button type="button" (click)="askForPdf()">Ask for a PDF</button>

    <!--
      Property bindings: Angular sets the element's properties. On the app's first navigation it
      does so in a later task than the one that inserted the element, which waits quietly for them.
    -->
    <cm-material-download
      [organizationId]="organizationId"
      [articleId]="choice().articleId"
      [type]="type()"
      [dimensions]="choice().dimensions"
      (cm-link-change)="onLinkChange($event)"
    >
      <!-- The element sets href, class "disabled" and aria-disabled on this anchor: bind none of them. -->
      <a class="button">Download {{ choice().label }}</a>
    </cm-material-download>
    <p role="status">{{ status() }}</p>
  `,
})
export class Picker {
  protected readonly choices = CHOICES;
  protected readonly organizationId = 'org-1';
  protected readonly choice = signal(CHOICES[0]!);
  /**
   * Angular does not check a value bound to a custom element's property against its type, so
   * nothing stops 'pdf' at build time: the element refuses it at run time, with a message.
   */
  private readonly invalidType = signal<string | null>(null);
  protected readonly type = computed(() => this.invalidType() ?? this.choice().type);
  private readonly link = signal<LinkChangeDetail | null>(null);
  protected readonly status = computed(() => {
    const link = this.link();
    if (!link) return 'Looking up the file…';
    return `${link.state}: ${link.href ?? link.error ?? 'no file for these inputs'}`;
  });

  protected choose(index: number): void {
    this.invalidType.set(null);
    this.choice.set(CHOICES[index]!);
  }

  protected askForPdf(): void {
    this.invalidType.set('pdf');
  }

  // strictTemplates types `$event` from the package's event map: a LinkChangeEvent, not a bare Event.
  protected onLinkChange(event: LinkChangeEvent): void {
    this.link.set(event.detail);
  }
}
