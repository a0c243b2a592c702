# The day before the month, as on the Norwegian pages ("1 December 2026" beside
# «1. desember 2026»), rather than Django's American "Dec. 1, 2026".
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"
