# Writes the HEADERS ("|"-separated paths), concatenated, as one C++ raw
# string literal to OUT.
string(REPLACE "|" ";" HEADERS "${HEADERS}")
set(text "")
foreach(h ${HEADERS})
  file(READ ${h} content)
  string(APPEND text "${content}\n")
endforeach()
file(WRITE ${OUT} "R\"cilkheaders(${text})cilkheaders\"\n")
