import { Html, Head, Main, NextScript, type DocumentContext, type DocumentProps } from 'next/document';
import { DocumentHeadTags, documentGetInitialProps, type DocumentHeadTagsProps } from '@mui/material-nextjs/v16-pagesRouter';
import { PRIMARY_COLOR } from '@/theme/theme';
import { languageFromCookie } from '@/i18n';

type Props = DocumentProps & DocumentHeadTagsProps & { lang: string };

export default function Document(props: Props) {
  return (
    <Html lang={props.lang}>
      <Head>
        <meta name="theme-color" content={PRIMARY_COLOR} />
        <link rel="manifest" href="/manifest.webmanifest" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <DocumentHeadTags {...props} />
      </Head>
      <body>
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}

Document.getInitialProps = async (ctx: DocumentContext) => {
  const initial = await documentGetInitialProps(ctx);
  const lang = languageFromCookie(ctx.req?.headers.cookie);
  return { ...initial, lang };
};
