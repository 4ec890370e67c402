# Writes a C++ source holding the mapping presets (resources/mappings/*.json) as string literals,
# so that every reader finds its preset whatever the install location.
#   cmake -DOUT=file.cpp -DFILES="a.json;b.json" -P embed_presets.cmake
set(text "// Generated from resources/mappings/*.json by core/ingest/embed_presets.cmake. Do not edit.\n")
string(APPEND text "#include <cstddef>\n\nnamespace ett::core {\n\nstruct MappingPreset\n{\n    const char* name;\n    const char* json;\n};\n\n")
string(APPEND text "extern const MappingPreset kMappingPresets[];\nextern const size_t kMappingPresetCount;\n\n")
string(APPEND text "const MappingPreset kMappingPresets[] = {\n")
set(count 0)
foreach(f IN LISTS FILES)
    get_filename_component(name "${f}" NAME_WE)
    file(READ "${f}" body)
    string(APPEND text "    { \"${name}\", R\"ettjson(${body})ettjson\" },\n")
    math(EXPR count "${count} + 1")
endforeach()
string(APPEND text "    { nullptr, nullptr },\n};\n\nconst size_t kMappingPresetCount = ${count};\n\n} // namespace ett::core\n")
file(WRITE "${OUT}.tmp" "${text}")
execute_process(COMMAND ${CMAKE_COMMAND} -E copy_if_different "${OUT}.tmp" "${OUT}")
