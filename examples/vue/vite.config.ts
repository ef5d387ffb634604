import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [
    vue({
      template: {
        // Without this, Vue looks for a Vue component named cm-material-download, warns that
        // it cannot resolve one, and still renders the tag: say it is a custom element.
        compilerOptions: { isCustomElement: (tag) => tag === 'cm-material-download' },
      },
    }),
  ],
});
