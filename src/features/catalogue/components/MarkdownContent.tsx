import Box from '@mui/material/Box';

/**
 * HTML rendered on the server from our own Markdown files (trusted content, never user input),
 * styled to read calmly on a phone: comfortable line height, tables that scroll sideways.
 */
export function MarkdownContent({ html }: { html: string }) {
  return (
    <Box
      className="markdown"
      sx={{
        typography: 'body1',
        lineHeight: 1.7,
        maxWidth: 720,
        '& h2': { typography: 'h6', fontWeight: 600, color: 'primary.main', mt: 4, mb: 1 },
        '& h3': { typography: 'subtitle1', fontWeight: 600, mt: 3, mb: 1 },
        '& p': { my: 1.5 },
        '& ul, & ol': { pl: 3, my: 1.5 },
        '& li': { my: 0.75 },
        '& a': { color: 'primary.main' },
        '& code': { fontFamily: 'monospace', fontSize: '0.9em', bgcolor: 'grey.100', px: 0.5, borderRadius: 0.5 },
        '& table': { display: 'block', overflowX: 'auto', borderCollapse: 'collapse', my: 2, fontSize: '0.9rem' },
        '& th, & td': { border: 1, borderColor: 'divider', p: 1, textAlign: 'left', verticalAlign: 'top', minWidth: 120 },
        '& th': { bgcolor: 'grey.50', fontWeight: 600 },
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
