// Each screen's largest paint beside the bare page's (issue 48 item 7): its median LCP at 4× CPU,
// how many times the bare page's that is, which element it was, how many requests started before
// that paint (its waterfall in bench/waterfalls/) and where its runs ended. A run that ended away from its
// own address measured another page (the login, when the session was not the browser's): its row
// says so and gives no time.
import type { LoadFigures } from './browser.ts';

export interface ScreenLoad {
  name: string;
  figures: LoadFigures | undefined;
}

const ms = (value: number) => (Number.isNaN(value) ? '—' : `${Math.round(value).toLocaleString('en')} ms`);

/** The table, in Markdown, with the bare page first. */
export function lcpTable(screens: readonly ScreenLoad[], bare: LoadFigures | undefined): string[] {
  const bareMs = bare?.lcpMs ?? Number.NaN;
  const row = (name: string, figures: LoadFigures | undefined) => {
    if (!figures) return `| ${name} | not measured | | | | |`;
    const times = figures.lcpMs / bareMs;
    const ended = figures.wrongEnd
      ? `**not its own address: ${figures.wrongEnd}** (void)`
      : figures.endedOn.map((where) => `\`${where}\``).join(', ');
    return (
      `| ${name} | ${ms(figures.lcpMs)} | ${Number.isFinite(times) ? `${times.toFixed(2)}×` : '—'} | ` +
      `${figures.lcpElements.map((element) => `\`${element.replaceAll('|', '\\|')}\``).join(' or ')} | ` +
      `${figures.waterfall.length} | ${ended} |`
    );
  };
  return [
    '| screen | LCP at 4× CPU | × bare page | largest paint | requests before it | ended on |',
    '| --- | --- | --- | --- | --- | --- |',
    row('bare page', bare),
    ...screens.map((screen) => row(screen.name, screen.figures)),
  ];
}
