/** Page texts for the passage tests (see tests/fixtures/passages/README.md for where each comes from). */
import { readFileSync } from 'node:fs';

export function fixture(name: string): string {
  return readFileSync(new URL(`../../fixtures/passages/${name}`, import.meta.url), 'utf8');
}

/** Written for these tests: German with abbreviations and a German-style thousands separator. */
export const GERMAN = [
  'Die Zugspitze ist mit 2.962 m der höchste Berg Deutschlands. Sie liegt im Wettersteingebirge an der Grenze zu Österreich.',
  'Der Gipfel wurde am 27. August 1820 von Josef Naus erstmals bestiegen. Heute führen u. a. drei Seilbahnen hinauf, z. B. die Seilbahn Zugspitze.',
  'Dr. Müller vom Deutschen Wetterdienst misst dort seit Jahren die Temperatur. Im Jahresmittel liegt sie bei etwa minus 4 Grad.',
].join('\n\n');

/** Written for these tests: Simplified Chinese, no spaces between words. */
export const CHINESE = [
  '长江是亚洲第一长河，也是世界第三长河。长江全长约6300公里，流经青海、西藏、四川等十一个省级行政区。',
  '长江流域面积约180万平方公里。三峡大坝位于湖北省宜昌市，是世界上装机容量最大的水电站。',
  '黄河是中国第二长河，全长约5464公里。',
].join('\n\n');
