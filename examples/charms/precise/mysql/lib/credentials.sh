# Sourced by the db relation hooks; kept out of hooks/ so it is never taken for a hook.
# Credentials derive from this unit and the remote service, so every hook of a
# relation computes the same ones without keeping a secret store.
service=${JUJU_REMOTE_UNIT%%/*}
database=$service
user=$(printf '%s' "$service" | cut -c1-16)
password=$(printf '%s %s' "$JUJU_UNIT_NAME" "$service" | sha256sum | cut -c1-20)

publish_credentials() {
    host=$(unit-get private-address)
    relation-set user="$user" password="$password" host="$host" database="$database"
    mkdir -p "$CHARM_DIR/../databases"
    printf 'database=%s\nuser=%s\nhost=%s\n' "$database" "$user" "$host" \
        > "$CHARM_DIR/../databases/${JUJU_RELATION_ID:-none}.$service"
}
