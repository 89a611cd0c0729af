import { isLocalPath } from './localPath';

test('paths inside the shop are local, with their query and hash', () => {
  for (const p of ['/', '/patients', '/orders/12?tab=results#top', '/search?q=a%2Fb']) expect({ p, local: isLocalPath(p) }).toEqual({ p, local: true });
});

test('anything a browser would take off-site is refused', () => {
  const hostile = [
    decodeURIComponent('%2F%09%2Fevil.example'),
    '/\n/evil.example',
    '/\r/evil.example',
    '/\\evil.example',
    '\\/evil.example',
    '//evil.example',
    '///evil.example',
    'https://evil.example',
    'javascript:alert(1)',
    ' /patients',
    '',
  ];
  for (const p of hostile) expect({ p, local: isLocalPath(p) }).toEqual({ p, local: false });
});
