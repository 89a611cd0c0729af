import { Html, Head, Main, NextScript, type DocumentContext, type DocumentProps } from 'next/document';
import { DocumentHeadTags, type DocumentHeadTagsProps } from '@mui/material-nextjs/v16-pagesRouter';
import { PRIMARY_COLOR } from '@/theme/theme';
import { languageFromCookie } from '@/shared/i18n';
import { newNonce, nonceReactScripts, setPageSecurityHeaders } from '@/server/http/securityHeaders';
import { renderBody, styleElements, type DocumentRenderContext } from '@/server/ssr/documentRender';

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

/**
 * Every page is rendered per request (the app has getInitialProps): a fresh nonce goes into the
 * Content-Security-Policy header, Next's scripts and Emotion's style elements. The body of a public
 * page may come from the render cache (src/server/ssr/documentRender.tsx); the nonce never does.
 */
Document.getInitialProps = async (ctx: DocumentContext) => {
  const nonce = ctx.res ? newNonce() : undefined;
  if (ctx.res && nonce) setPageSecurityHeaders(ctx.res, nonce);
  const body = await renderBody(ctx as unknown as DocumentRenderContext);
  const lang = languageFromCookie(ctx.req?.headers.cookie);
  return {
    html: nonce ? nonceReactScripts(body.html, nonce) : body.html,
    head: body.head,
    styles: [],
    emotionStyleTags: styleElements(body.styles, nonce),
    lang,
    nonce,
  };
};
