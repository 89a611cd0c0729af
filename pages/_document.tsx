import { Html, Head, Main, NextScript, type DocumentProps } from 'next/document';
import { DocumentHeadTags, type DocumentHeadTagsProps } from '@mui/material-nextjs/v16-pagesRouter';
import { PRIMARY_COLOR } from '@/theme/theme';
import { documentInitialProps } from '@/server/ssr/documentRender';

type Props = DocumentProps & DocumentHeadTagsProps & { lang: string; nonce?: string };

export default function Document(props: Props) {
  return (
    <Html lang={props.lang}>
      <Head nonce={props.nonce}>
        <meta name="theme-color" content={PRIMARY_COLOR} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <DocumentHeadTags {...props} />
      </Head>
      <body>
        <Main />
        <NextScript nonce={props.nonce} />
      </body>
    </Html>
  );
}

/** Per request: the nonce of the page policy, the body (maybe from the render cache), `<html lang>`. */
Document.getInitialProps = documentInitialProps;
