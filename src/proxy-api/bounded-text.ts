// Names and free text from the service are not the proxy's to trust (issue 46 L2): a centre's or a
// doctor's name is cut where it enters (the watcher's read, the state made of it), so that no inbox
// row, alert, e-mail Subject or chat post grows with what the service sends. Web-standard: the
// console's state is made by the same function (centre-state.ts).

/** The most characters a name from the service keeps. */
export const maxUpstreamText = 200;

/**
 * At most `max` characters (code points, so a surrogate pair is never split), the last one an
 * ellipsis when the text was cut, so whoever reads it sees that it was.
 */
export function boundedText(value: string, max = maxUpstreamText): string {
  if (value.length <= max) return value;
  const points = Array.from(value);
  return points.length <= max ? value : `${points.slice(0, max - 1).join('')}…`;
}
