#!/bin/bash
# Runs the browser meeting test the only way these machines allow media traffic: inside a new
# network namespace whose one interface is lo, with Janus preloaded with loopback-ice.c (see there)
# and Chromium allowed loopback candidates. Needs root (unshare), gcc, janus and chromium.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
server="$(cd "$here/../.." && pwd)"
shim="${TMPDIR:-/tmp}/portal-loopback-ice.so"
gcc -shared -fPIC -O2 -o "$shim" "$here/loopback-ice.c" -ldl
export PORTAL_MEDIA_NETNS=1 JANUS_PRELOAD="$shim"
# The bare-client test, the room through the real portal page (needs apps/portal/dist built) and
# the meeting state and feedback of a two-browser meeting, the rating at the end on the page, and
# the administrator's Live, Meeting state, Completed and Feedback screens of such a meeting, and a
# recorded meeting converted into a playable cloud recording, and an end-to-end encrypted meeting
# (same key decodes, another key does not, the key is never sent), and a guest muted on entry who
# unmutes themself (the host hears nothing of them before, their audio after), and a guest who reloads
# the room or whose tab dies and who comes back is one tile on the host's page; or the test files given.
tests="${*:-test/media/meeting-browser.test.ts test/media/meeting-portal.test.ts test/media/meeting-state-browser.test.ts test/media/meeting-feedback-portal.test.ts test/media/meeting-admin-screens.test.ts test/media/recording-browser.test.ts test/media/e2ee-browser.test.ts test/media/mute-on-entry-portal.test.ts test/media/rejoin-portal.test.ts test/media/live-moderation-portal.test.ts}"
exec unshare --net -- bash -c "ip link set lo up && cd '$server' && npx vitest run $tests"
