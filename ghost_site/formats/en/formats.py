# The day before the month, as on the Norwegian pages ("1 December 2026" beside
# «1. desember 2026»), rather than Django's American "Dec. 1, 2026".
DATE_FORMAT = "j F Y"
DATETIME_FORMAT = "j F Y, H:i"

# The site's own names, read with date_format(value, "DAY_FORMAT") or {{ value|date:"…" }}:
# a day (the result picture, a source last checked) and a day with its time (My games).
DAY_FORMAT = "j F Y"
DAY_TIME_FORMAT = "j F Y, H:i"
