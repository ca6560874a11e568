import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
const flags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'];
for (const u of process.argv.slice(2)) {
  const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: flags });
  const r = await lighthouse(u, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const a = r.lhr.audits;
  console.log('\n=====', u, 'score', r.lhr.categories.performance.score, 'FCP', Math.round(a['first-contentful-paint'].numericValue), 'LCP', Math.round(a['largest-contentful-paint'].numericValue), 'TBT', Math.round(a['total-blocking-time'].numericValue), 'SI', Math.round(a['speed-index'].numericValue));
  const el = a['largest-contentful-paint-element']?.details?.items;
  console.log('LCP element', JSON.stringify(el).slice(0, 900));
  const reqs = a['network-requests'].details.items.map((i) => `${Math.round(i.networkRequestTime)}-${Math.round(i.networkEndTime)} ${i.transferSize} ${i.url.replace('http://localhost:5000', '')}`);
  console.log(reqs.join('\n'));
  for (const id of ['render-blocking-insight', 'render-blocking-resources', 'unused-javascript', 'bootup-time', 'mainthread-work-breakdown']) if (a[id]) console.log(id, a[id].displayValue ?? '', JSON.stringify(a[id].details?.items?.slice?.(0, 4) ?? '').slice(0, 500));
  await chrome.kill();
}
