#requires -Version 7.0
[CmdletBinding()]
param(
    [Parameter(Mandatory)][string]$HostFile,
    [int]$WarnDays = 30,
    [ValidateRange(1, 16)][int]$Parallel = 8
)

$targets = Get-Content -LiteralPath $HostFile |
    ForEach-Object { $_.Trim() } |
    Where-Object { $_ -and -not $_.StartsWith('#') } |
    Select-Object -Unique

if ($targets.Count -gt 500) { throw "Host list has $($targets.Count) entries; split it (max 500 per run)." }

$rows = $targets | ForEach-Object -ThrottleLimit $Parallel -Parallel {
    $entry = $_
    $name, $port = $entry -split ':', 2
    if (-not $port) { $port = 443 }
    $tcp = [System.Net.Sockets.TcpClient]::new()
    try {
        if (-not $tcp.ConnectAsync($name, [int]$port).Wait(5000)) { throw 'connect timeout' }
        $ssl = [System.Net.Security.SslStream]::new($tcp.GetStream(), $false, { $true })
        $ssl.AuthenticateAsClient($name)
        $cert = [System.Security.Cryptography.X509Certificates.X509Certificate2]::new($ssl.RemoteCertificate)
        $days = [int]($cert.NotAfter - (Get-Date)).TotalDays
        [pscustomobject]@{
            Host     = $entry
            Expires  = $cert.NotAfter.ToString('yyyy-MM-dd')
            DaysLeft = $days
            Issuer   = ($cert.Issuer -split ',')[0] -replace '^CN=', ''
            NameOk   = $cert.MatchesHostname($name)
            Status   = if ($days -lt 0) { 'FAIL' } elseif ($days -lt $using:WarnDays) { 'WARN' } else { 'OK' }
        }
    } catch {
        [pscustomobject]@{ Host = $entry; Expires = ''; DaysLeft = $null; Issuer = ''; NameOk = $false; Status = "FAIL ($($_.Exception.Message))" }
    } finally {
        $tcp.Dispose()
    }
}

$rows | Sort-Object { if ($null -eq $_.DaysLeft) { -1 } else { $_.DaysLeft } } | Format-Table -AutoSize
