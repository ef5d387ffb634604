// The tag's attributes and `oncm-link-change` in every template, for svelte-check.
import type {} from 'cm-material-download/svelte';

declare global {
  namespace App {}
}

export {};
