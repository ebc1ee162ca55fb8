# put FILE MODE: writes stdin to FILE whole (beside it, then renamed), owner-only directories
set -e
umask 077
mkdir -p "$(dirname "$1")"
cat > "$1.new"
chmod "$2" "$1.new"
mv -f "$1.new" "$1"
