# Source this file (`. ./tooling/scripts/env.sh`) to use the project-local Node 24 and pnpm that
# `npm start` / `npm test` installed into .tools/.
_portal_root="$(cd "$(dirname "${BASH_SOURCE[0]:-$0}")/../.." && pwd)"
export PATH="$_portal_root/.tools/node/node_modules/node/bin:$_portal_root/.tools/pnpm/node_modules/.bin:$_portal_root/node_modules/.bin:$PATH"
export TURBO_TELEMETRY_DISABLED=1 DO_NOT_TRACK=1
unset _portal_root
