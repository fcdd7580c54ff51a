rule miner_pool_strings {
  meta: description = "Cryptominer pool / config strings"
  strings:
    $a = "stratum+tcp://" ascii
    $b = "stratum+ssl://" ascii
    $c = "--donate-level" ascii
    $d = "randomx" ascii nocase
  condition: any of them
}

rule base64_pipe_shell {
  meta: description = "base64 decoded and piped into a shell"
  strings:
    $a = /base64 (-d|-D|--decode)[^\n]{0,40}\|\s*(ba|z)?sh/
  condition: $a
}

rule webhook_collectors {
  meta: description = "Known request-collector hosts"
  strings:
    $a = "webhook.site" ascii
    $b = "discord.com/api/webhooks" ascii
    $c = "api.telegram.org/bot" ascii
  condition: any of them
}

rule agent_secret_paths {
  meta: description = "Reads of agent/cloud secret files"
  strings:
    $a = ".clawdbot/.env" ascii
    $b = ".aws/credentials" ascii
    $c = "openclaw.json" ascii
    $d = "id_rsa" ascii
  condition: 2 of them
}
