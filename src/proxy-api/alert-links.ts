// An alert's links (its e-mail, its chat post) name the connection the alert came from, so that a
// person working through another of their connections is switched to it on opening one (issue 47
// item 4). The proxy alone decides whether they may (POST /auth/connection); a link without it,
// or naming a connection they have no role on, opens as any other link does.

/** The search parameter that names it: `/centres/201?via=<connection id>`. */
export const ALERT_CONNECTION_PARAM = 'via';

/** A connection id is a UUID: a longer value is not one (and is never sent on). */
export const ALERT_CONNECTION_MAX = 100;
