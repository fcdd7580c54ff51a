rule CoinMiner_Config_Strings
{
    meta:
        description = "XMRig-style miner config or command line"
    strings:
        $a = "stratum+tcp://" ascii
        $b = "--donate-level" ascii
        $c = "\"randomx\"" ascii
        $d = "xmrig" ascii nocase
    condition:
        2 of them
}

rule Bash_Dev_Tcp_Reverse_Shell
{
    strings:
        $a = /bash -i >& \/dev\/tcp\/[0-9.]+\/[0-9]+ 0>&1/
        $b = "/dev/tcp/" ascii
    condition:
        any of them
}

rule Stealer_Browser_Store_Paths
{
    strings:
        $a = "Login Data" ascii wide
        $b = "Local State" ascii wide
        $c = "exodus.wallet" ascii wide nocase
        $d = "find-generic-password" ascii
    condition:
        2 of them
}
