param(
    [Parameter(Mandatory)][string]$Source,
    [Parameter(Mandatory)][string]$Destination,
    [switch]$NoMirror
)
$name = "UserBackup-" + (Split-Path $Source -Leaf)
$mode = if ($NoMirror) { '/E' } else { '/MIR' }
$log = Join-Path $env:LOCALAPPDATA "$name.log"
$action = New-ScheduledTaskAction -Execute 'robocopy.exe' -Argument "`"$Source`" `"$Destination`" $mode /R:2 /W:5 /NP /LOG:`"$log`""
$trigger = New-ScheduledTaskTrigger -Daily -At 23:00
$principal = New-ScheduledTaskPrincipal -UserId "$env:USERDOMAIN\$env:USERNAME" -LogonType Interactive -RunLevel Limited
Register-ScheduledTask -TaskName $name -Action $action -Trigger $trigger -Principal $principal -Description "Backup $Source to $Destination (created by windows-backup-task skill)" | Out-Null
Write-Host "Created task $name (daily 23:00). Log: $log"
