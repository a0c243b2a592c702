# Django's own Norwegian formats hold for the rest («1. desember 2026»); these are the
# site's own names, the same in every language's module (see ../en/formats.py).
DAY_FORMAT = "j. F Y"
DAY_TIME_FORMAT = "j. F Y, H:i"
