import { languages, namespaces } from './index';
import { resources } from './resources';

type Tree = { [key: string]: string | Tree };

/** Every string of a namespace with its key path. */
function entries(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : entries(v, `${prefix}${k}.`)));
}

test("every page title that names the shop names it in the page's language", () => {
  for (const lng of languages) {
    const appName = (resources[lng].common as Tree).appName as string;
    const titles = namespaces.flatMap((ns) => entries(resources[lng][ns] as Tree).filter(([key]) => /pageTitle\w*$/.test(key)));
    expect(titles.length).toBeGreaterThan(5);
    const naming = titles.filter(([, text]) => / — /.test(text));
    expect({ lng, wrong: naming.filter(([, text]) => !text.endsWith(` — ${appName}`)).map(([key]) => key) }).toEqual({ lng, wrong: [] });
    if (lng !== 'en') expect({ lng, english: titles.filter(([, text]) => text.includes('Lab shop')).map(([key]) => key) }).toEqual({ lng, english: [] });
  }
});
