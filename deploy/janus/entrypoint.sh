#!/bin/sh
# Writes /run/janus/*.jcfg from the templates, with the node's secrets from the environment, then
# runs Janus on them. Every variable a template names must be set: a missing secret stops here.
set -eu
names="JANUS_SERVER_NAME JANUS_ADMIN_SECRET JANUS_ROOM_ADMIN_KEY JANUS_PUBLIC_IP AMQP_HOST AMQP_USER AMQP_PASSWORD AMQP_QUEUE"
for name in $names; do
  eval "value=\${$name:-}"
  [ -n "$value" ] || { echo "janus-entrypoint: $name is not set" >&2; exit 1; }
done
umask 077
for template in /etc/janus/templates/*.jcfg; do
  # Only these names: anything else that looks like a variable stays as written.
  envsubst "$(printf '${%s} ' $names)" < "$template" > "/run/janus/$(basename "$template")"
done
exec janus --configs-folder=/run/janus --config=/run/janus/janus.jcfg "$@"
