import { MaterialDownload } from 'cm-material-download/react';
import type { DownloadType } from 'cm-material-download';

interface DownloadProps {
  articleId: string;
  type: DownloadType;
  label: string;
}

// The anchor is written here, in the component's own JSX: it reaches MaterialDownload as a React element.
export default function Download({ articleId, type, label }: DownloadProps) {
  return (
    <MaterialDownload organizationId="org-1" articleId={articleId} type={type} endpoint="/api/graphql">
      <a className="button">{label}</a>
    </MaterialDownload>
  );
}
