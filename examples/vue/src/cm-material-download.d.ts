import type { DefineComponent } from 'vue';
import type { LinkChangeEvent, MaterialDownloadProperties } from 'cm-material-download';

declare module 'vue' {
  interface GlobalComponents {
    'cm-material-download': DefineComponent<
      MaterialDownloadProperties & { onCmLinkChange?: (event: LinkChangeEvent) => void }
    >;
  }
}
