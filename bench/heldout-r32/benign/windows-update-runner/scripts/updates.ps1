param([switch]$List, [switch]$Install)

$principal = New-Object Security.Principal.WindowsPrincipal([Security.Principal.WindowsIdentity]::GetCurrent())
if (-not $principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
    Write-Error 'Run this from an elevated PowerShell (Run as administrator).'
    exit 1
}

if (-not (Get-Module -ListAvailable -Name PSWindowsUpdate)) {
    Write-Host 'Installing PSWindowsUpdate from the PowerShell Gallery (CurrentUser scope)...'
    Install-Module PSWindowsUpdate -Scope CurrentUser -Force
}
Import-Module PSWindowsUpdate

$pending = Get-WindowsUpdate -MicrosoftUpdate
if ($List -or -not $Install) {
    $pending | Format-Table KB, Size, Title -AutoSize
    exit 0
}

Install-WindowsUpdate -MicrosoftUpdate -AcceptAll -IgnoreReboot -Verbose
if (Get-WURebootStatus -Silent) {
    $ans = Read-Host 'A reboot is required. Reboot now? [y/N]'
    if ($ans -match '^[Yy]$') { Restart-Computer }
    else { Write-Host 'Reboot later to finish installing updates.' }
}
