rule miner_strings
{
  strings:
    $a = "stratum+tcp://" ascii
    $b = "stratum+ssl://" ascii
    $c = "--donate-level" ascii
    $d = "xmrig" ascii nocase
  condition:
    2 of them
}

rule base64_pipe_shell
{
  strings:
    $p = /base64 (-d|-D|--decode)[^\n]{0,40}\|\s*(ba|z)?sh/
  condition:
    $p
}

rule stealer_targets
{
  strings:
    $k = "dump-keychain" ascii
    $l = "Login Data" ascii
    $m = "nkbihfbeogaeaoehlefnkodbefgpgknn" ascii
    $h = "with hidden answer" ascii
  condition:
    2 of them
}
