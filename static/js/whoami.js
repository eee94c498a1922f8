// The top bar's "You: Ann" (a link to one's profile) or "Sign in" on pages that need no name
// (rules, leaderboards, profiles, sign-in): identity.js asks the server who the visitor is.

import {whoAmI} from "./identity.js";

whoAmI().catch(() => { /* the top bar stays empty */ });
