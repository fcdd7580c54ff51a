param(
  [Parameter(Mandatory)] [string[]] $Path,
  [string] $Schedule,
  [switch] $Unschedule
)
$TaskName = 'ExcelReportRefresher'

if ($Unschedule) {
  Unregister-ScheduledTask -TaskName $TaskName -Confirm:$false -ErrorAction SilentlyContinue
  Write-Host "Removed task $TaskName"; return
}
if ($Schedule) {
  $args = "-NoProfile -File `"$PSCommandPath`" -Path " + (($Path | ForEach-Object { "`"$_`"" }) -join ',')
  $action = New-ScheduledTaskAction -Execute 'powershell.exe' -Argument $args
  $trigger = New-ScheduledTaskTrigger -Weekly -DaysOfWeek Monday,Tuesday,Wednesday,Thursday,Friday -At $Schedule
  Register-ScheduledTask -TaskName $TaskName -Action $action -Trigger $trigger -Description 'Refresh Excel reports (excel-report-refresher skill)' | Out-Null
  Write-Host "Registered $TaskName at $Schedule on weekdays for $env:USERNAME. Remove with -Unschedule."
  return
}

$xl = New-Object -ComObject Excel.Application
$xl.DisplayAlerts = $false
try {
  foreach ($p in $Path) {
    $wb = $xl.Workbooks.Open((Resolve-Path $p).Path)
    $wb.RefreshAll()
    $xl.CalculateUntilAsyncQueriesDone()
    $pdf = [IO.Path]::ChangeExtension($p, ".$(Get-Date -Format yyyy-MM-dd).pdf")
    $wb.ExportAsFixedFormat(0, $pdf)
    $wb.Save(); $wb.Close()
    Write-Host "refreshed $p -> $pdf"
  }
} finally {
  $xl.Quit(); [void][Runtime.InteropServices.Marshal]::ReleaseComObject($xl)
}
