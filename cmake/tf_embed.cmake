# cmake -DIN=file -DOUT=header.h -DNAME=symbol -P tf_embed.cmake
# Writes a C header holding IN as `static const unsigned char NAME[]` and
# `static const size_t NAME_len` (bytes, so no string-length limits apply).
file(READ "${IN}" hex HEX)
string(LENGTH "${hex}" n)
math(EXPR bytes "${n} / 2")
string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," body "${hex}")
string(REGEX REPLACE "((0x..,){24})" "\\1\n" body "${body}")
file(WRITE "${OUT}.tmp"
     "/* generated from ${IN} by cmake/tf_embed.cmake: do not edit */\n"
     "#include <stddef.h>\n"
     "static const unsigned char ${NAME}[] = {\n${body}0};\n"
     "static const size_t ${NAME}_len = ${bytes};\n")
file(RENAME "${OUT}.tmp" "${OUT}")
