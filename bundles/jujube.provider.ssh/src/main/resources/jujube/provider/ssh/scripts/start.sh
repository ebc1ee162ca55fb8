# start DIR SERVICE DESCRIPTION SYSTEMD: runs DIR/run as a service of this host, now and after a reboot
# (a systemd unit), or as a detached supervised process (SYSTEMD=no; it does not outlive a reboot)
set -e
dir=$1 service=$2 description=$3
chmod 700 "$dir/run"
rm -f "$dir/stopped"
if [ "$4" = yes ]; then
  unit=/etc/systemd/system/$service.service
  cat > "$unit.new" <<UNIT
[Unit]
Description=$description
Wants=network-online.target
After=network-online.target

[Service]
ExecStart=$dir/run
Restart=always
RestartSec=2
# a hook leads its own session and may outlive a killed agent, which waits for it once back
KillMode=process
StandardOutput=append:$dir/agent.log
StandardError=append:$dir/agent.log

[Install]
WantedBy=multi-user.target
UNIT
  mv -f "$unit.new" "$unit"
  systemctl daemon-reload
  systemctl enable --now "$service.service"
else
  chmod 700 "$dir/supervise"
  setsid "$dir/supervise" "$dir" </dev/null >/dev/null 2>&1 &
fi
