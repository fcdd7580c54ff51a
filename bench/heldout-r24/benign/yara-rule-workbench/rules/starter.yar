rule CoinMiner_Config_Strings
{
    meta:
        description = "XMRig-style miner configuration or command line"
        severity = "high"
    strings:
        $a = "stratum+tcp://" ascii
        $b = "stratum+ssl://" ascii
        $c = "--donate-level" ascii
        $d = "\"randomx\"" ascii
        $e = "xmrig" ascii nocase
    condition:
        2 of them
}

rule Stealer_Browser_Store_Paths
{
    meta:
        description = "References to browser credential stores typical of infostealers"
    strings:
        $l1 = "\\Google\\Chrome\\User Data\\Default\\Login Data" ascii wide
        $l2 = "Library/Application Support/Google/Chrome/Default/Cookies" ascii
        $l3 = "logins.json" ascii
        $l4 = "key4.db" ascii
        $w1 = "nkbihfbeogaeaoehlefnkodbefgpgknn" ascii
    condition:
        2 of them
}

rule Shell_Reverse_DevTcp
{
    strings:
        $r1 = /bash -i >& \/dev\/tcp\/[0-9.]+\/[0-9]+ 0>&1/
        $r2 = "mkfifo /tmp/" ascii
    condition:
        any of them
}

rule Exfil_Webhook_Hosts
{
    strings:
        $h1 = "webhook.site/" ascii
        $h2 = "discord.com/api/webhooks/" ascii
        $h3 = "api.telegram.org/bot" ascii
    condition:
        any of them
}
