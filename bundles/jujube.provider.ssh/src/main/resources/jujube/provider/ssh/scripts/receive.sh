# receive DIR: unpacks the tar stream on stdin into DIR (made owner-only), owned by who unpacks it
set -e
umask 077
mkdir -p "$1"
tar -C "$1" --no-same-owner -xf -
